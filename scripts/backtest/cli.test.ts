import { spawnSync } from "node:child_process";
import { mkdtempSync, readFileSync, rmSync, writeFileSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { fileURLToPath } from "node:url";
import { afterAll, describe, expect, it } from "vitest";
import { randomWalk } from "../../src/server/features/predict/engine/test-series.ts";

const ROOT = fileURLToPath(new URL("../..", import.meta.url));
const dir = mkdtempSync(join(tmpdir(), "backtest-cli-"));
afterAll(() => rmSync(dir, { recursive: true, force: true }));

function run(args: string[]) {
  return spawnSync(process.execPath, ["--import", "tsx", "scripts/backtest.ts", ...args], {
    cwd: ROOT,
    encoding: "utf8",
  });
}

/** 120 daily candles from 2025-01-01, in the universe's shape, newest first. */
function writeCandles(): string {
  const file = join(dir, "TESTUSDT_1d.csv");
  const lines = randomWalk(120, 0.03, 77).map((bar) => {
    const date = new Date(bar.time).toISOString().slice(0, 10);
    return `${date},${bar.close},${bar.close},${bar.close},${bar.close},1,1`;
  });
  writeFileSync(file, `date,open,high,low,close,volume,quote_volume\n${lines.reverse().join("\n")}\n`);
  return file;
}

describe("npm run backtest", () => {
  it("writes the JSON report and the forecasts CSV, and prints the comparison with naive", () => {
    const candles = writeCandles();
    const json = join(dir, "out.json");
    const forecasts = join(dir, "out.csv");
    const result = run([
      "--candles",
      candles,
      "--interval",
      "1d",
      "--from",
      "2025-03-01",
      "--json",
      json,
      "--forecasts",
      forecasts,
    ]);
    expect(result.stderr).toBe("");
    expect(result.status).toBe(0);
    expect(result.stdout).toContain("MAE ratio (model / naive)");
    expect(result.stdout).toMatch(/no change/);

    const report = JSON.parse(readFileSync(json, "utf8"));
    // 2025-03-01 is bar 59; the last origin with 7 days after it in 120 bars is bar 112 (2025-04-23)
    expect(report).toMatchObject({
      symbol: "TESTUSDT",
      interval: "1d",
      from: "2025-03-01T00:00:00.000Z",
      to: "2025-04-23T00:00:00.000Z",
      origins: 54,
      horizon: 7,
      step: 1,
      model_version: "fc-1",
    });
    for (const key of ["mae", "mape", "direction_calls", "coverage80", "similarity"]) {
      expect(typeof report.model[key]).toBe("number");
    }
    expect(report.model).toHaveProperty("direction_accuracy");
    expect(report.model).toHaveProperty("direction_ci95");
    expect(report.mae_ratio).toBeCloseTo(report.model.mae / report.naive.mae, 12);

    const lines = readFileSync(forecasts, "utf8").trim().split("\n");
    expect(lines[0]).toBe("origin_time,step,forecast,lo80,hi80,actual");
    expect(lines).toHaveLength(1 + 54 * 7);
    const [originTime, step, forecast, lo80, hi80] = (lines[1] ?? "").split(",");
    expect(originTime).toBe("2025-03-01T00:00:00.000Z");
    expect(step).toBe("1");
    expect(Number(lo80)).toBeLessThanOrEqual(Number(forecast));
    expect(Number(hi80)).toBeGreaterThanOrEqual(Number(forecast));
  });

  it("exits with 2 and the usage on bad arguments", () => {
    const result = run(["--candles", "x.csv", "--interval", "5m", "--from", "2025-01-01"]);
    expect(result.status).toBe(2);
    expect(result.stderr).toContain("--interval must be 1h or 1d");
    expect(result.stderr).toContain("usage: npm run backtest");
    expect(run(["--interval", "1d", "--from", "2025-01-01"]).status).toBe(2);
    expect(run(["--candles", "x.csv", "--interval", "1d", "--from", "01/02/2025"]).status).toBe(2);
  });

  it("exits with 2 naming the accepted shapes on an unknown header", () => {
    const file = join(dir, "odd.csv");
    writeFileSync(file, "when,price\n2025-01-01,1\n");
    const result = run(["--candles", file, "--interval", "1d", "--from", "2025-01-01"]);
    expect(result.status).toBe(2);
    expect(result.stderr).toContain("unrecognised CSV header");
    expect(result.stderr).toContain("open_time");
  });
});
