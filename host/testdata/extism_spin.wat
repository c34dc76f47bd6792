;; An Extism plugin for host's tests (ABI.md section 10): noop returns at once, spin
;; loops forever (the time limit stops it), grow takes memory until memory.grow fails
;; and then traps (the memory limit), boom traps, now calls the host function now_ms.
(module
  (import "extism:host/env" "output_set" (func $output_set (param i64 i64)))
  (import "extism:host/user" "now_ms" (func $now_ms (result i64)))
  (memory (export "memory") 1)
  (func (export "noop") (result i32) (i32.const 0))
  (func (export "now") (result i32) (drop (call $now_ms)) (i32.const 0))
  (func (export "spin") (result i32) (loop $l (br $l)) (i32.const 0))
  (func (export "grow") (result i32)
    (loop $l (br_if $l (i32.ne (memory.grow (i32.const 16)) (i32.const -1))))
    unreachable)
  (func (export "boom") (result i32) unreachable))
