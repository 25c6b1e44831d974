/** A coin's picture; coins without one have a generated image at the same URL field. Decorative: the abbreviation beside it names the coin. */
export function CoinImage({ src, size = 24 }: { src: string; size?: number }) {
  return <img className="coin-image" src={src} width={size} height={size} alt="" loading="lazy" decoding="async" />;
}
