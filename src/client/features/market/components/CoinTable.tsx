import { Trans } from "@lingui/react/macro";
import type { Coin } from "../../../../contract/market.ts";
import { useDisplayPrice } from "../../../shared/currency/use-display-price.ts";
import { ScrollTable } from "../../../shared/ui/ScrollTable.tsx";
import { CoinLink } from "./CoinLink.tsx";
import { AmountFigure } from "./MarketFigures.tsx";
import { PriceChange } from "./PriceChange.tsx";
import "./market.css";

/**
 * Coins as a table, each linking to its token page: position in the list, coin, price, 1h / 24h / 7d change,
 * 24h volume and market cap (unknown where the data has no circulating supply). On a narrow screen the table
 * scrolls sideways with the coin column kept in view.
 */
export function CoinTable({
  coins,
  label,
  firstPosition = 1,
}: {
  coins: readonly Coin[];
  label: string;
  firstPosition?: number;
}) {
  const price = useDisplayPrice();
  return (
    <ScrollTable block="coin-table" label={label}>
      <thead>
        <tr>
          <th scope="col" className="coin-table__position">
            #
          </th>
          <th scope="col" className="coin-table__coin-head">
            <Trans>Coin</Trans>
          </th>
          <th scope="col">
            <Trans>Price</Trans>
          </th>
          <th scope="col">
            <Trans>1h</Trans>
          </th>
          <th scope="col">
            <Trans>24h</Trans>
          </th>
          <th scope="col">
            <Trans>7d</Trans>
          </th>
          <th scope="col">
            <Trans>24h volume</Trans>
          </th>
          <th scope="col">
            <Trans>Market cap</Trans>
          </th>
        </tr>
      </thead>
      <tbody>
        {coins.map((coin, index) => (
          <tr key={coin.coinAbbr}>
            <td className="coin-table__position">{firstPosition + index}</td>
            <th scope="row" className="coin-table__coin">
              <CoinLink coin={coin} />
            </th>
            <td>{price.format(coin.lastPrice)}</td>
            <td>
              <PriceChange value={coin.change1h} />
            </td>
            <td>
              <PriceChange value={coin.change} />
            </td>
            <td>
              <PriceChange value={coin.change7d} />
            </td>
            <td>
              <AmountFigure value={coin.volume24h} />
            </td>
            <td>
              <AmountFigure value={coin.marketCap} />
            </td>
          </tr>
        ))}
      </tbody>
    </ScrollTable>
  );
}
