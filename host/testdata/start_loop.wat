;; A plugin whose start section loops forever.
(module
  (memory (export "memory") 1)
  (func $forever (loop $l (br $l)))
  (start $forever)
  (func (export "sobjects_abi_v1"))
  (func (export "sobjects_alloc") (param i32) (result i32) (i32.const 1024))
  (func (export "m") (param i32 i32) (result i64) (i64.const 0)))
