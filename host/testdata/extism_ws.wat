;; An Extism plugin with a WebSocket, for host's tests (ABI.md sections 10 and 12).
;;   fetch              accepts a WebSocket (no tags) and answers 101
;;   websocket_message  answers "pong" on the socket of the message (whose id must be
;;                      below 128: the input's second byte, a positive fixint)
(module
  (import "extism:host/env" "alloc" (func $alloc (param i64) (result i64)))
  (import "extism:host/env" "store_u8" (func $store_u8 (param i64 i32)))
  (import "extism:host/env" "input_load_u8" (func $input_load_u8 (param i64) (result i32)))
  (import "extism:host/env" "output_set" (func $output_set (param i64 i64)))
  (import "extism:host/user" "ws_accept" (func $ws_accept (param i64) (result i64)))
  (import "extism:host/user" "ws_send" (func $ws_send (param i64 i32 i64) (result i64)))
  (import "extism:host/user" "result_take" (func $result_take (result i64)))
  (import "extism:host/user" "fail" (func $fail (param i32 i64)))
  (memory (export "memory") 1)
  ;; bytes stores the n (1 to 8) low bytes of v, little-endian, in a new block.
  (func $bytes (param $v i64) (param $n i64) (result i64)
    (local $h i64) (local $i i64)
    (local.set $h (call $alloc (local.get $n)))
    (loop $l
      (call $store_u8 (i64.add (local.get $h) (local.get $i))
        (i32.wrap_i64 (i64.and (i64.shr_u (local.get $v) (i64.mul (local.get $i) (i64.const 8))) (i64.const 255))))
      (local.set $i (i64.add (local.get $i) (i64.const 1)))
      (br_if $l (i64.lt_u (local.get $i) (local.get $n))))
    (local.get $h))
  ;; check fails the call with the host's code and message when r < 0.
  (func $check (param $r i64) (result i32)
    (if (i64.lt_s (local.get $r) (i64.const 0))
      (then
        (call $fail (i32.wrap_i64 (i64.sub (i64.const 0) (local.get $r))) (call $result_take))
        (return (i32.const 1))))
    (i32.const 0))
  (func (export "fetch") (result i32)
    (if (call $check (call $ws_accept (i64.const 0))) (then (return (i32.const 1))))
    ;; [101, [], bin ""]: 93 65 90 c4 00
    (call $output_set (call $bytes (i64.const 0x00c4906593) (i64.const 5)) (i64.const 5))
    (i32.const 0))
  (func (export "websocket_message") (result i32)
    (call $check (call $ws_send
      (i64.extend_i32_u (call $input_load_u8 (i64.const 1)))
      (i32.const 1)
      (call $bytes (i64.const 0x676e6f70) (i64.const 4))))))
