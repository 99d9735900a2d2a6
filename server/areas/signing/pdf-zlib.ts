/**
 * pdf-lib compresses every stream it writes (page contents, font subsets, object streams) with
 * pako, zlib written in JavaScript: in a sealed contract that was the largest single cost (about a
 * third of the pipeline, more than the font subsetting). pako's deflate is pointed at Node's native
 * zlib instead: the same format (a zlib stream, RFC 1950, at the same default level 6), made by the
 * C library. pdf-lib reaches pako's deflate through the module object at every call, so replacing
 * the function on that object is enough. A call with options (no pdf-lib call passes any) keeps
 * pako's own code.
 */
import { createRequire } from 'node:module';
import { deflateSync } from 'node:zlib';

type Pako = { deflate: (data: Uint8Array, options?: unknown) => Uint8Array };

const requireHere = createRequire(import.meta.url);
const pako = createRequire(requireHere.resolve('pdf-lib'))('pako') as Pako;
const pakoDeflate = pako.deflate;

pako.deflate = (data, options) => {
  if (options !== undefined) return pakoDeflate(data, options);
  const compressed = deflateSync(data);
  return new Uint8Array(compressed.buffer, compressed.byteOffset, compressed.byteLength);
};
