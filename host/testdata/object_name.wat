;; A native plugin whose method "name" outputs the object's name, read with the host
;; function object_name (ABI.md section 4.2) into a 4-byte buffer; a longer name is
;; copied with result_take instead.
(module
  (import "sobjects" "object_name" (func $object_name (param i32 i32) (result i64)))
  (import "sobjects" "result_take" (func $result_take (param i32) (result i32)))
  (memory (export "memory") 1)
  (func (export "sobjects_abi_v1"))
  (func (export "sobjects_alloc") (param i32) (result i32) (i32.const 1024))
  (func (export "name") (param i32 i32) (result i64)
    (local $r i64)
    (local.set $r (call $object_name (i32.const 4096) (i32.const 4)))
    (if (i64.gt_s (local.get $r) (i64.const 4))
      (then (drop (call $result_take (i32.const 4096)))))
    (i64.or (i64.shl (i64.const 4096) (i64.const 32)) (local.get $r))))
