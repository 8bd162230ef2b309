// Stand-in for jsr:@std/fs: the adapter never writes files (casys-pml's
// logger would create its log folder with ensureDir; setup is never run).
export async function ensureDir() {
  throw new Error('casys-pml adapter: @std/fs is not available (no files are written)');
}
export function ensureDirSync() {
  throw new Error('casys-pml adapter: @std/fs is not available (no files are written)');
}
