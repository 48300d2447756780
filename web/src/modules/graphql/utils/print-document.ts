import type { DocumentNode } from 'graphql';

/*
 * The query text of a compiled document (gql/graphql.ts), for pages that talk to the API with a
 * plain `fetch`: the `graphql` package's printer would bring the GraphQL client's chunk with it.
 * Covers what the app's operations use; anything else throws (print-document.unit.spec.ts prints
 * every document of the app and compares it with graphql's printer).
 */

type Node = { kind: string; [key: string]: unknown };

const list = (nodes: unknown, separator = ' '): string =>
  ((nodes as Node[] | undefined) ?? []).map(printNode).join(separator);

const wrapped = (open: string, inner: string, close: string) =>
  inner ? `${open}${inner}${close}` : '';

const nameOf = (node: Node) => (node.name as Node | undefined)?.value as string | undefined;

const printNode = (node: Node): string => {
  switch (node.kind) {
    case 'Document':
      return list(node.definitions, '\n');
    case 'OperationDefinition':
      return [
        node.operation,
        `${nameOf(node) ?? ''}${wrapped('(', list(node.variableDefinitions, ', '), ')')}`,
        list(node.directives),
        printNode(node.selectionSet as Node),
      ]
        .filter(Boolean)
        .join(' ');
    case 'FragmentDefinition':
      return `fragment ${nameOf(node)} on ${printNode(node.typeCondition as Node)} ${printNode(node.selectionSet as Node)}`;
    case 'VariableDefinition':
      return `${printNode(node.variable as Node)}: ${printNode(node.type as Node)}${node.defaultValue ? ` = ${printNode(node.defaultValue as Node)}` : ''}`;
    case 'SelectionSet':
      return `{ ${list(node.selections)} }`;
    case 'Field': {
      const alias = node.alias ? `${nameOf({ kind: 'Alias', name: node.alias })}: ` : '';
      return [
        `${alias}${nameOf(node)}${wrapped('(', list(node.arguments, ', '), ')')}`,
        list(node.directives),
        node.selectionSet ? printNode(node.selectionSet as Node) : '',
      ]
        .filter(Boolean)
        .join(' ');
    }
    case 'FragmentSpread':
      return `...${nameOf(node)}`;
    case 'InlineFragment':
      return `...${node.typeCondition ? ` on ${printNode(node.typeCondition as Node)}` : ''} ${printNode(node.selectionSet as Node)}`;
    case 'Argument':
    case 'ObjectField':
      return `${nameOf(node)}: ${printNode(node.value as Node)}`;
    case 'Directive':
      return `@${nameOf(node)}${wrapped('(', list(node.arguments, ', '), ')')}`;
    case 'Variable':
      return `$${nameOf(node)}`;
    case 'NamedType':
    case 'Name':
      return nameOf(node) ?? (node.value as string);
    case 'NonNullType':
      return `${printNode(node.type as Node)}!`;
    case 'ListType':
      return `[${printNode(node.type as Node)}]`;
    case 'IntValue':
    case 'FloatValue':
    case 'EnumValue':
      return node.value as string;
    case 'BooleanValue':
      return String(node.value);
    case 'NullValue':
      return 'null';
    case 'StringValue':
      return JSON.stringify(node.value);
    case 'ListValue':
      return `[${list(node.values, ', ')}]`;
    case 'ObjectValue':
      return `{${list(node.fields, ', ')}}`;
    default:
      throw new Error(`printDocument: unsupported node ${node.kind}`);
  }
};

/** The document as GraphQL source text. */
export const printDocument = (document: DocumentNode): string =>
  printNode(document as unknown as Node);

/** The name of the document's first operation (sent as `operationName`). */
export const operationNameOf = (document: DocumentNode): string | undefined => {
  const operation = document.definitions.find(
    (definition) => definition.kind === 'OperationDefinition',
  );
  return operation?.name?.value;
};
