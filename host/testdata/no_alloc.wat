;; A module without the sobjects_alloc export.
(module
  (memory (export "memory") 1)
  (func (export "sobjects_abi_v1"))
  (func (export "m") (param i32 i32) (result i64) (i64.const 0)))
