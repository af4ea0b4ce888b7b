// RFC 822 / RFC 5322 messages: the body is everything after the header block, which ends at the first empty line.

/** The body of a message: everything after the first empty line (LF or CRLF); empty if there is none. */
export function messageBody(message: Uint8Array): Uint8Array {
  for (let i = 0; i + 1 < message.length; i++) {
    if (message[i] !== 0x0a) continue;
    if (message[i + 1] === 0x0a) return message.subarray(i + 2);
    if (message[i + 1] === 0x0d && message[i + 2] === 0x0a) return message.subarray(i + 3);
  }
  return message.subarray(message.length);
}
