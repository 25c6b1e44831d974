// How dependency-cruiser reads the project's TypeScript. Its TypeScript parser needs the compiler API of
// `typescript` below version 7, and the project compiles with TypeScript 7, the native compiler, which has none.
// So the layer check turns each file into JavaScript with Babel and reads the imports of that. Type-only imports
// are dependencies all the same (a layer that needs another's types depends on it): keep-type-imports.cjs turns them
// into plain imports before the TypeScript preset runs, and the preset keeps every import it is given.
module.exports = {
  babelrc: false,
  configFile: false,
  plugins: [require.resolve("./keep-type-imports.cjs"), [require.resolve("@babel/plugin-transform-react-jsx"), {}]],
  presets: [[require.resolve("@babel/preset-typescript"), { onlyRemoveTypeImports: true }]],
};
