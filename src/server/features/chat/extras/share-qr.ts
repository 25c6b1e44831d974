import QRCode from "qrcode";

/** A QR code of `text` as an SVG data URL (spec §3 shareMessages data.qrcode), scannable from a phone screen. */
export async function qrSvgDataUrl(text: string): Promise<string> {
  const svg = await QRCode.toString(text, { type: "svg", errorCorrectionLevel: "M", margin: 2 });
  return `data:image/svg+xml;base64,${Buffer.from(svg, "utf8").toString("base64")}`;
}
