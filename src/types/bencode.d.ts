// bencode ships no types; this covers the calls we make (default export only).
declare module 'bencode' {
  export type BencodeValue = number | Uint8Array | BencodeValue[] | { [key: string]: BencodeValue }
  const bencode: {
    decode(data: Uint8Array): BencodeValue
    encode(value: unknown): Uint8Array
  }
  export default bencode
}
