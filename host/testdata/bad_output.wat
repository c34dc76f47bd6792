;; A valid plugin whose method "oob" answers with an output outside its memory and
;; whose method "neg" fails without calling fail.
(module
  (memory (export "memory") 1)
  (func (export "sobjects_abi_v1"))
  (func (export "sobjects_alloc") (param i32) (result i32) (i32.const 1024))
  (func (export "oob") (param i32 i32) (result i64) (i64.const 0x00FFFFF000000100))
  (func (export "neg") (param i32 i32) (result i64) (i64.const -1)))
