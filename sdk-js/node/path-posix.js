// node:path/posix: node:path.
export * from "node:path";
export { default } from "node:path";
