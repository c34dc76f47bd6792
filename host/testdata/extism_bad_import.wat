;; An Extism plugin that imports a host function sobjects does not have: refused at deploy.
(module
  (import "extism:host/env" "output_set" (func $output_set (param i64 i64)))
  (import "extism:host/user" "no_such_function" (func $nope (param i64) (result i64)))
  (func (export "run") (result i32) (drop (call $nope (i64.const 0))) (i32.const 0)))
