// Stand-in for npm:@huggingface/transformers: casys-pml's embedding model
// (BGE-M3) downloads weights from a model hub, which this project cannot
// reach. The adapter hands VectorSearch its own stand-in model instead
// (main.mjs, README.md); this module only lets src/vector/embeddings.ts
// load, for schemaToText. Asking it for a pipeline is an error.
export async function pipeline() {
  throw new Error('casys-pml adapter: no embedding model here (@huggingface/transformers is a stand-in)');
}
export const env = {};
