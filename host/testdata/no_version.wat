;; A module that speaks no declared ABI version.
(module
  (memory (export "memory") 1)
  (func (export "sobjects_alloc") (param i32) (result i32) (i32.const 1024))
  (func (export "m") (param i32 i32) (result i64) (i64.const 0)))
