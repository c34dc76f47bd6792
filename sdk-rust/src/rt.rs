//! The method runtime: the `sobjects_alloc` and `sobjects_abi_v1` exports, and the glue
//! behind [`export!`](crate::export) that turns ordinary Rust functions into methods
//! (ABI.md section 2). Public only for the macros; plugin code rarely uses it directly.

use crate::alarm::AlarmEvent;
use crate::error::{Error, Result};
use crate::ffi::{self, ptr32};
use crate::http::{Request, Response};
use crate::json::Json;
use crate::msgpack;

/// Bytes in front of each block handed out by `sobjects_alloc`, holding its size so the
/// SDK can free the method input whatever length the host passes.
const HEADER: usize = 8;

/// `sobjects_alloc(size) -> ptr`: allocates `size` bytes for method input; 0 when out of
/// memory. The SDK frees the block after the method returns.
#[cfg(target_arch = "wasm32")]
#[no_mangle]
pub extern "C" fn sobjects_alloc(size: i32) -> i32 {
    alloc_input(size)
}

/// `sobjects_abi_v1()`: the ABI version marker (never called).
#[cfg(target_arch = "wasm32")]
#[no_mangle]
pub extern "C" fn sobjects_abi_v1() {}

fn input_layout(size: usize) -> Option<std::alloc::Layout> {
    std::alloc::Layout::from_size_align(size.checked_add(HEADER)?, HEADER).ok()
}

/// What `sobjects_alloc` does (exposed for hosts-in-tests; returns 0 on failure).
pub fn alloc_input(size: i32) -> i32 {
    if size < 0 {
        return 0;
    }
    let layout = match input_layout(size as usize) {
        Some(l) => l,
        None => return 0,
    };
    unsafe {
        let p = std::alloc::alloc(layout);
        if p.is_null() {
            return 0;
        }
        (p as *mut usize).write(size as usize);
        ptr32(p.add(HEADER))
    }
}

unsafe fn free_input(ptr: i32) {
    let p = (ptr as usize as *mut u8).sub(HEADER);
    let size = (p as *const usize).read();
    if let Some(layout) = input_layout(size) {
        std::alloc::dealloc(p, layout);
    }
}

/// The output of the last successful method, kept alive until the next one returns
/// (the host copies it before the plugin runs again).
static mut OUTPUT: Vec<u8> = Vec::new();
static mut HOOKED: bool = false;

fn install_panic_hook() {
    unsafe {
        if HOOKED {
            return;
        }
        HOOKED = true;
    }
    std::panic::set_hook(Box::new(|info| {
        let msg = format!("plugin panicked: {}", info);
        crate::log::error(&msg);
        unsafe { ffi::fail(crate::Code::Internal as i32, ptr32(msg.as_ptr()), msg.len() as i32) }
    }));
}

/// Reports `e` with `fail` and returns the failure result -1.
pub fn fail(e: &Error) -> i64 {
    unsafe { ffi::fail(e.code as i32, ptr32(e.message.as_ptr()), e.message.len() as i32) };
    -1
}

/// Logs `e` at error level and traps (`unreachable`): the call fails and its instance is
/// discarded.
pub fn trap(e: &Error) -> ! {
    crate::log::error(&format!("sobjects: trap: {}", e));
    #[cfg(target_arch = "wasm32")]
    {
        core::arch::wasm32::unreachable()
    }
    #[cfg(not(target_arch = "wasm32"))]
    {
        panic!("trap: {}", e)
    }
}

/// Runs a method: builds the input slice from `(ptr, len)` (empty when `len` is 0), calls
/// `f`, frees the input, and encodes the result per ABI.md section 2: on `Ok` the output
/// pointer and length `(ptr << 32) | len` (0 for empty output), on `Err` a call to `fail`
/// and -1.
pub fn dispatch(ptr: i32, len: i32, f: impl FnOnce(&[u8]) -> Result<Vec<u8>>) -> i64 {
    install_panic_hook();
    let owned = ptr != 0 && len > 0;
    let input: &[u8] = if owned {
        unsafe { core::slice::from_raw_parts(ptr as usize as *const u8, len as usize) }
    } else {
        &[]
    };
    let res = f(input);
    if owned {
        unsafe { free_input(ptr) };
    }
    match res {
        Ok(out) => unsafe {
            if out.is_empty() {
                OUTPUT = Vec::new();
                return 0;
            }
            let r = ((ptr32(out.as_ptr()) as u32 as u64) << 32 | out.len() as u32 as u64) as i64;
            OUTPUT = out;
            r
        },
        Err(e) => fail(&e),
    }
}

/// Decodes the input, calls the handler and encodes its output (used by `export!`).
pub fn invoke<'a, I, O, E, F>(input: &'a [u8], f: F) -> Result<Vec<u8>>
where
    I: FromInput<'a>,
    O: IntoOutput,
    E: Into<Error>,
    F: FnOnce(I) -> core::result::Result<O, E>,
{
    let arg = I::from_input(input)?;
    match f(arg) {
        Ok(o) => Ok(o.into_output()),
        Err(e) => Err(e.into()),
    }
}

/// A method argument type: how a handler's parameter is made from the input bytes.
///
/// | type | input |
/// |---|---|
/// | `&[u8]`, `Vec<u8>` | the bytes as is |
/// | `&str`, `String` | UTF-8 text (`bad_input` otherwise) |
/// | [`Json`] | JSON text; empty (or all-whitespace) input is `Json::Null`; `bad_input` when invalid |
/// | [`msgpack::Value`] | MessagePack; empty input is `Nil` |
/// | [`Request`] | the `fetch` input |
/// | [`AlarmEvent`] | the `alarm` input |
/// | [`MessageEvent`](crate::MessageEvent), [`CloseEvent`](crate::CloseEvent), [`ErrorEvent`](crate::ErrorEvent) | the inputs of `websocket_message`, `websocket_close`, `websocket_error` |
/// | `()` | ignored |
pub trait FromInput<'a>: Sized {
    /// Makes the argument from the input bytes.
    fn from_input(input: &'a [u8]) -> Result<Self>;
}

impl<'a> FromInput<'a> for &'a [u8] {
    fn from_input(input: &'a [u8]) -> Result<Self> {
        Ok(input)
    }
}
impl<'a> FromInput<'a> for Vec<u8> {
    fn from_input(input: &'a [u8]) -> Result<Self> {
        Ok(input.to_vec())
    }
}
impl<'a> FromInput<'a> for &'a str {
    fn from_input(input: &'a [u8]) -> Result<Self> {
        core::str::from_utf8(input).map_err(|_| Error::bad_input("input is not UTF-8"))
    }
}
impl<'a> FromInput<'a> for String {
    fn from_input(input: &'a [u8]) -> Result<Self> {
        <&str>::from_input(input).map(str::to_string)
    }
}
impl<'a> FromInput<'a> for Json {
    fn from_input(input: &'a [u8]) -> Result<Self> {
        if input.iter().all(|b| matches!(b, b' ' | b'\t' | b'\n' | b'\r')) {
            Ok(Json::Null)
        } else {
            Json::parse_bytes(input)
        }
    }
}
impl<'a> FromInput<'a> for msgpack::Value {
    fn from_input(input: &'a [u8]) -> Result<Self> {
        if input.is_empty() {
            Ok(msgpack::Value::Nil)
        } else {
            msgpack::decode(input)
        }
    }
}
impl<'a> FromInput<'a> for Request {
    fn from_input(input: &'a [u8]) -> Result<Self> {
        Request::decode(input)
    }
}
impl<'a> FromInput<'a> for AlarmEvent {
    fn from_input(input: &'a [u8]) -> Result<Self> {
        AlarmEvent::decode(input)
    }
}
impl<'a> FromInput<'a> for crate::websocket::MessageEvent {
    fn from_input(input: &'a [u8]) -> Result<Self> {
        crate::websocket::MessageEvent::decode(input)
    }
}
impl<'a> FromInput<'a> for crate::websocket::CloseEvent {
    fn from_input(input: &'a [u8]) -> Result<Self> {
        crate::websocket::CloseEvent::decode(input)
    }
}
impl<'a> FromInput<'a> for crate::websocket::ErrorEvent {
    fn from_input(input: &'a [u8]) -> Result<Self> {
        crate::websocket::ErrorEvent::decode(input)
    }
}
impl<'a> FromInput<'a> for () {
    fn from_input(_: &'a [u8]) -> Result<Self> {
        Ok(())
    }
}

/// A method result type: how a handler's `Ok` value becomes the output bytes.
///
/// `Vec<u8>`, `&[u8]`, `String`, `&str` (as is), `()` (empty output), [`Json`] (compact
/// text), [`msgpack::Value`] (MessagePack), [`Response`] (the `fetch` output).
pub trait IntoOutput {
    /// The output bytes.
    fn into_output(self) -> Vec<u8>;
}

impl IntoOutput for Vec<u8> {
    fn into_output(self) -> Vec<u8> {
        self
    }
}
impl IntoOutput for &[u8] {
    fn into_output(self) -> Vec<u8> {
        self.to_vec()
    }
}
impl IntoOutput for String {
    fn into_output(self) -> Vec<u8> {
        self.into_bytes()
    }
}
impl IntoOutput for &str {
    fn into_output(self) -> Vec<u8> {
        self.as_bytes().to_vec()
    }
}
impl IntoOutput for () {
    fn into_output(self) -> Vec<u8> {
        Vec::new()
    }
}
impl IntoOutput for Json {
    fn into_output(self) -> Vec<u8> {
        self.to_bytes()
    }
}
impl IntoOutput for msgpack::Value {
    fn into_output(self) -> Vec<u8> {
        msgpack::encode(&self)
    }
}
impl IntoOutput for Response {
    fn into_output(self) -> Vec<u8> {
        self.encode()
    }
}
