;; A valid plugin whose fetch export answers [200, H, b""] where H, in place of the
;; headers, is 20,000,000 nested one-element arrays around nil: 20 MB of 0x91.
(module
  (memory (export "memory") 400)
  (func (export "sobjects_abi_v1"))
  (func (export "sobjects_alloc") (param i32) (result i32) (i32.const 1024))
  (func (export "fetch") (param i32 i32) (result i64)
    ;; at 1 MiB: fixarray(3), uint8 200
    (i32.store8 (i32.const 0x100000) (i32.const 0x93))
    (i32.store8 (i32.const 0x100001) (i32.const 0xcc))
    (i32.store8 (i32.const 0x100002) (i32.const 0xc8))
    ;; 20,000,000 fixarray(1) headers
    (memory.fill (i32.const 0x100003) (i32.const 0x91) (i32.const 20000000))
    ;; nil, then bin8 of length 0
    (i32.store8 (i32.const 21048579) (i32.const 0xc0))
    (i32.store8 (i32.const 21048580) (i32.const 0xc4))
    (i32.store8 (i32.const 21048581) (i32.const 0x00))
    ;; (0x100000 << 32) | 20000006
    (i64.or (i64.shl (i64.const 0x100000) (i64.const 32)) (i64.const 20000006))))
