;; An invalid plugin (built with wat2wasm --no-check) whose loop writes global 0, which
;; does not exist: if the host rewrote it before validating, the index would reach the
;; host's interrupt flag and switch off the time limit.
(module
  (memory (export "memory") 1)
  (func (export "sobjects_abi_v1"))
  (func (export "sobjects_alloc") (param i32) (result i32) (i32.const 1024))
  (func (export "m") (param i32 i32) (result i64)
    (loop $l (global.set 0 (i32.const 0)) (br $l))
    (i64.const 0)))
