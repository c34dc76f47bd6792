;; An Extism plugin for host's tests and benchmarks (ABI.md section 10).
;;   noop           returns at once
;;   now            calls the host function now_ms
;;   spin           loops forever (the time limit stops it)
;;   grow           takes memory until memory.grow fails, then traps (the memory limit)
;;   boom           traps
;;   sql            runs its input, a sql_exec request, and outputs the result; a failure
;;                  passes the host's code and message on with fail
;;   sql_then_boom  runs its input as sql, then traps
;;   sql_then_spin  runs its input as sql, then loops forever
;;   name           outputs the object's name (the host function object_name)
(module
  (import "extism:host/env" "input_offset" (func $input_offset (result i64)))
  (import "extism:host/env" "length" (func $length (param i64) (result i64)))
  (import "extism:host/env" "output_set" (func $output_set (param i64 i64)))
  (import "extism:host/user" "now_ms" (func $now_ms (result i64)))
  (import "extism:host/user" "object_name" (func $object_name (result i64)))
  (import "extism:host/user" "sql_exec" (func $sql_exec (param i64) (result i64)))
  (import "extism:host/user" "result_take" (func $result_take (result i64)))
  (import "extism:host/user" "fail" (func $fail (param i32 i64)))
  (memory (export "memory") 1)
  (func (export "noop") (result i32) (i32.const 0))
  (func (export "now") (result i32) (drop (call $now_ms)) (i32.const 0))
  (func (export "name") (result i32)
    (local $h i64)
    (local.set $h (call $object_name))
    (call $output_set (local.get $h) (call $length (local.get $h)))
    (i32.const 0))
  (func $spin (export "spin") (result i32) (loop $l (br $l)) (i32.const 0))
  (func (export "grow") (result i32)
    (loop $l (br_if $l (i32.ne (memory.grow (i32.const 16)) (i32.const -1))))
    unreachable)
  (func (export "boom") (result i32) unreachable)
  (func $sql (export "sql") (result i32)
    (local $r i64)
    (local.set $r (call $sql_exec (call $input_offset)))
    (if (i64.lt_s (local.get $r) (i64.const 0))
      (then
        (call $fail (i32.wrap_i64 (i64.sub (i64.const 0) (local.get $r))) (call $result_take))
        (return (i32.const 1))))
    (call $output_set (local.get $r) (call $length (local.get $r)))
    (i32.const 0))
  (func (export "sql_then_boom") (result i32) (drop (call $sql)) unreachable)
  (func (export "sql_then_spin") (result i32) (drop (call $sql)) (call $spin)))
