import { scanLayers } from "./layers/scan.ts";

const { files, violations } = await scanLayers(process.cwd());
for (const violation of violations) console.error(`${violation.file}: ${violation.message}`);
console.log(`layer rules: ${files} files, ${violations.length} violations`);
process.exit(violations.length > 0 ? 1 : 0);
