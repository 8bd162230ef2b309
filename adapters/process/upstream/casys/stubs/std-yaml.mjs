// Stand-in for jsr:@std/yaml: casys-pml parses YAML only when it loads a
// configuration file, which the functions this adapter calls never do.
export function parse() {
  throw new Error('casys-pml adapter: @std/yaml is not available (no configuration file is read)');
}
export function stringify() {
  throw new Error('casys-pml adapter: @std/yaml is not available');
}
