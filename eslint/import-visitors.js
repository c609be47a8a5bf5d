// The AST visitors every wall rule needs: each import or re-export's source, and whether it brings types only.

const allTypes = (node) =>
  node.importKind === 'type' ||
  (node.specifiers?.length > 0 && node.specifiers.every((s) => s.importKind === 'type' || s.exportKind === 'type'));

/** Calls `check(node, source, typeOnly)` for static imports, re-exports and dynamic imports. */
export function importVisitors(check) {
  return {
    ImportDeclaration: (node) => check(node, node.source.value, allTypes(node)),
    ExportNamedDeclaration: (node) =>
      node.source && check(node, node.source.value, node.exportKind === 'type' || allTypes(node)),
    ExportAllDeclaration: (node) => check(node, node.source.value, node.exportKind === 'type'),
    ImportExpression: (node) => node.source.type === 'Literal' && check(node, node.source.value, false),
  };
}
