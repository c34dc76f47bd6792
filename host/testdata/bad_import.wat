;; A module that imports a host function the ABI does not have.
(module
  (import "sobjects" "launch_missiles" (func $launch (param i32) (result i32)))
  (memory (export "memory") 1)
  (func (export "sobjects_abi_v1"))
  (func (export "sobjects_alloc") (param i32) (result i32) (i32.const 1024))
  (func (export "m") (param i32 i32) (result i64) (drop (call $launch (i32.const 1))) (i64.const 0)))
