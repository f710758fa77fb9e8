// What the owner's tool may use of the file mailbox: erasing an address's .eml files, which the mailbox writes
// in a shape only it knows.
export { eraseMailTo } from './transports/file-mailbox-transport.ts';
