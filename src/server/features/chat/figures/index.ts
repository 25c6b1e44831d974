/** The chat's figures: SVG charts of the market's candles, their URLs and the candles they are drawn from. */
export { asOfLabel, compareChartSvg, escapeXml, priceChartSvg } from "./chart-svg.ts";
export { compareCandles, compareFigure, type FigureMarket, priceFigure } from "./figure-data.ts";
export {
  type ChatFigure,
  COMPARE_FIGURE_NAME,
  chatFigureSchema,
  compareFigureQuerySchema,
  figureFileName,
  priceFigureQuerySchema,
} from "./figure-url.ts";
