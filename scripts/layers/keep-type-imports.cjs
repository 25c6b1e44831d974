// Babel plugin for the layer check: `import type`, `import { type X }` and `export type ... from` become plain
// imports and re-exports, so the TypeScript preset keeps them and dependency-cruiser sees them. It runs on entering
// the program, before the preset removes type-only statements.
const VALUE = "value";

function keepStatement(statement) {
  const node = statement.node;
  if (statement.isImportDeclaration()) {
    node.importKind = VALUE;
    for (const specifier of node.specifiers) if (specifier.importKind) specifier.importKind = VALUE;
  } else if (statement.isExportNamedDeclaration() && node.source) {
    node.exportKind = VALUE;
    for (const specifier of node.specifiers) if (specifier.exportKind) specifier.exportKind = VALUE;
  } else if (statement.isExportAllDeclaration()) {
    node.exportKind = VALUE;
  }
}

module.exports = function keepTypeImports() {
  return {
    name: "keep-type-imports",
    visitor: {
      Program: {
        enter(program) {
          for (const statement of program.get("body")) keepStatement(statement);
        },
      },
    },
  };
};
