import { useLingui } from "@lingui/react/macro";
import { useEffect, useState } from "react";

/**
 * A QR code of a link, drawn as SVG by the `qrcode` package, loaded when first shown (it stays out of the first
 * load). Nothing is shown until it is drawn, or if it cannot be.
 */
export function InviteQr({ link }: { link: string }) {
  const { t } = useLingui();
  const [svg, setSvg] = useState<string | null>(null);
  useEffect(() => {
    let live = true;
    import("qrcode")
      .then((qr) => qr.toString(link, { type: "svg", margin: 1, errorCorrectionLevel: "M" }))
      .then((drawn) => {
        if (live) setSvg(drawn);
      })
      .catch((error: unknown) => console.warn("invitation QR not drawn", error));
    return () => {
      live = false;
    };
  }, [link]);
  if (!svg) return null;
  return (
    <img
      className="invite-card__qr"
      src={`data:image/svg+xml;charset=utf-8,${encodeURIComponent(svg)}`}
      alt={t`QR code of your invitation link`}
      width={160}
      height={160}
    />
  );
}
