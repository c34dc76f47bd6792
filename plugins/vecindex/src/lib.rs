//! vecindex: a vector index that lives in memory and persists through durable memory
//! (ABI.md section 13): every write is a journal entry, committed with the call; now
//! and then an alarm writes the whole index as a new image; `init` rebuilds the index
//! from the image and the entries after it. Search is brute force (dot product).
//!
//! | method | input | output |
//! |---|---|---|
//! | `add` | `{"items": [{"id": str, "vector": [number...]}...]}` | `{"count": vectors held}` |
//! | `add_random` | `{"n": N, "dims": D, "seed": S}`: N random vectors `r<S>-<i>` | `{"count": ...}` |
//! | `delete` | `{"ids": [str...]}` | `{"count": ...}` |
//! | `search` | `{"vector": [...], "k": K}` or `{"seed": S, "k": K}` (a random query) | `{"results": [{"id", "score"}...]}` |
//! | `checkpoint` | | writes an image now; `{"image_bytes": n}` |
//! | `stats` | | `{"count", "dims", "generation", "image_bytes", "journal_bytes", "dead_bytes"}` |
//!
//! A vector's dimensions are fixed by the first one added (at most 4,096).

use std::collections::HashMap;

use sobjects::memory::{self, Row};
use sobjects::{alarm, json_object, AlarmEvent, Error, Json};

const OP_PUT: u8 = 1;
const OP_DELETE: u8 = 2;
/// The first record of an image: how many vectors follow (u32) and their dimensions
/// (u16), so that init grows its memory once rather than step by step.
const OP_RESERVE: u8 = 3;
const MAX_DIMS: usize = 4096;
/// A journal entry or image chunk is at most this many bytes (the host's limit, 1 MiB).
const ROW_BYTES: usize = 1 << 20;

struct Index {
    dims: usize,
    ids: Vec<String>,
    data: Vec<f32>, // ids.len() * dims
    slot: HashMap<String, usize>,
    dead: u64, // bytes of records that later ones replaced or deleted
}

static mut INDEX: Option<Index> = None;

fn index() -> &'static mut Index {
    // One call at a time per instance (the object's input gate).
    unsafe {
        if INDEX.is_none() {
            INDEX = Some(Index { dims: 0, ids: Vec::new(), data: Vec::new(), slot: HashMap::new(), dead: 0 });
        }
        INDEX.as_mut().unwrap()
    }
}

fn record_bytes(id: &str, dims: usize) -> u64 {
    (1 + 2 + id.len() + 2 + 4 * dims) as u64
}

impl Index {
    fn put(&mut self, id: &str, v: &[f32]) -> Result<(), Error> {
        if self.dims == 0 {
            self.dims = v.len();
        }
        if v.len() != self.dims {
            return Err(Error::bad_input(format!("vector {:?} has {} dimensions; the index has {}", id, v.len(), self.dims)));
        }
        match self.slot.get(id) {
            Some(&i) => {
                self.data[i * self.dims..(i + 1) * self.dims].copy_from_slice(v);
                self.dead += record_bytes(id, self.dims);
            }
            None => {
                self.slot.insert(id.to_string(), self.ids.len());
                self.ids.push(id.to_string());
                self.data.extend_from_slice(v);
            }
        }
        Ok(())
    }

    fn delete(&mut self, id: &str) {
        let i = match self.slot.remove(id) {
            Some(i) => i,
            None => return,
        };
        let last = self.ids.len() - 1;
        let d = self.dims;
        if i != last {
            let moved = self.ids[last].clone();
            self.data.copy_within(last * d..(last + 1) * d, i * d);
            self.ids[i] = moved.clone();
            self.slot.insert(moved, i);
        }
        self.ids.pop();
        self.data.truncate(last * d);
        self.dead += record_bytes(id, d) + (1 + 2 + id.len()) as u64;
    }

    /// Applies the records of an image chunk or a journal entry.
    fn apply(&mut self, mut b: &[u8]) -> Result<(), Error> {
        let bad = || Error::internal("vecindex: a malformed record in durable memory");
        let mut v = Vec::new();
        while !b.is_empty() {
            let op = b[0];
            if op == OP_RESERVE {
                let h = b.get(1..7).ok_or_else(bad)?;
                let n = u32::from_le_bytes([h[0], h[1], h[2], h[3]]) as usize;
                let dims = u16::from_le_bytes([h[4], h[5]]) as usize;
                self.ids.reserve(n);
                self.slot.reserve(n);
                self.data.reserve(n * dims);
                b = &b[7..];
                continue;
            }
            if b.len() < 3 {
                return Err(bad());
            }
            let n = u16::from_le_bytes([b[1], b[2]]) as usize;
            let id = std::str::from_utf8(b.get(3..3 + n).ok_or_else(bad)?).map_err(|_| bad())?.to_string();
            b = &b[3 + n..];
            match op {
                OP_PUT => {
                    let dims = u16::from_le_bytes([*b.first().ok_or_else(bad)?, *b.get(1).ok_or_else(bad)?]) as usize;
                    let raw = b.get(2..2 + 4 * dims).ok_or_else(bad)?;
                    v.clear();
                    v.extend(raw.chunks_exact(4).map(|c| f32::from_le_bytes([c[0], c[1], c[2], c[3]])));
                    self.put(&id, &v)?;
                    b = &b[2 + 4 * dims..];
                }
                OP_DELETE => self.delete(&id),
                _ => return Err(bad()),
            }
        }
        Ok(())
    }
}

fn encode_put(out: &mut Vec<u8>, id: &str, v: &[f32]) {
    out.push(OP_PUT);
    out.extend_from_slice(&(id.len() as u16).to_le_bytes());
    out.extend_from_slice(id.as_bytes());
    out.extend_from_slice(&(v.len() as u16).to_le_bytes());
    for x in v {
        out.extend_from_slice(&x.to_le_bytes());
    }
}

fn encode_delete(out: &mut Vec<u8>, id: &str) {
    out.push(OP_DELETE);
    out.extend_from_slice(&(id.len() as u16).to_le_bytes());
    out.extend_from_slice(id.as_bytes());
}

/// Journals the records in `buf`, already applied to the index (split into entries
/// under the row limit at record boundaries `cuts`), then asks for an image by alarm if
/// one is due. A failure here would leave the index ahead of storage: it traps instead,
/// so that the host starts the instance again, from storage, and the call fails.
fn journal(buf: &[u8], cuts: &[usize]) -> Result<(), Error> {
    if let Err(e) = journal_now(buf, cuts) {
        panic!("vecindex: the journal entry failed ({}); restarting from storage", e.message);
    }
    Ok(())
}

fn journal_now(buf: &[u8], cuts: &[usize]) -> Result<(), Error> {
    let mut start = 0;
    let mut last = 0;
    for &c in cuts.iter().chain(std::iter::once(&buf.len())) {
        if c - start > ROW_BYTES && last > start {
            memory::append(&buf[start..last])?;
            start = last;
        }
        last = c;
    }
    if buf.len() > start {
        memory::append(&buf[start..])?;
    }
    memory::set_dead(index().dead)?;
    if memory::stats()?.due {
        alarm::set(sobjects::now_ms())?; // the image is written by the alarm: no request waits for it
    }
    Ok(())
}

fn init(_: ()) -> Result<(), Error> {
    let ix = index();
    memory::read(|row| match row {
        Row::Image(b) | Row::Entry(b) => ix.apply(b),
    })?;
    ix.dead = memory::stats()?.dead_bytes.max(0) as u64;
    Ok(())
}

fn vector(j: &Json) -> Result<Vec<f32>, Error> {
    let a = j.as_array().ok_or_else(|| Error::bad_input("\"vector\" must be an array of numbers"))?;
    if a.is_empty() || a.len() > MAX_DIMS {
        return Err(Error::bad_input(format!("a vector has 1 to {} dimensions", MAX_DIMS)));
    }
    a.iter().map(|x| x.as_f64().map(|f| f as f32).ok_or_else(|| Error::bad_input("\"vector\" must hold numbers"))).collect()
}

fn count() -> Json {
    json_object! { "count" => index().ids.len() as i64 }
}

fn add(input: Json) -> Result<Json, Error> {
    let items = input.get("items").and_then(Json::as_array).ok_or_else(|| Error::bad_input("give {\"items\": [{\"id\", \"vector\"}...]}"))?;
    // All checked before any is applied: a call that fails leaves the index as it was.
    let mut parsed = Vec::with_capacity(items.len());
    let mut dims = index().dims;
    for it in items {
        let id = it.get("id").and_then(Json::as_str).filter(|s| !s.is_empty() && s.len() < 1024).ok_or_else(|| Error::bad_input("each item has an \"id\": 1 to 1023 bytes"))?;
        let v = vector(it.get("vector").unwrap_or(&Json::Null))?;
        if dims == 0 {
            dims = v.len();
        }
        if v.len() != dims {
            return Err(Error::bad_input(format!("vector {:?} has {} dimensions; the index has {}", id, v.len(), dims)));
        }
        parsed.push((id, v));
    }
    let (mut buf, mut cuts) = (Vec::new(), Vec::new());
    for (id, v) in &parsed {
        index().put(id, v)?;
        encode_put(&mut buf, id, v);
        cuts.push(buf.len());
    }
    journal(&buf, &cuts)?;
    Ok(count())
}

/// xorshift64*: the random vectors of add_random and search's random queries.
struct Rng(u64);
impl Rng {
    fn next_f32(&mut self) -> f32 {
        self.0 ^= self.0 >> 12;
        self.0 ^= self.0 << 25;
        self.0 ^= self.0 >> 27;
        let x = self.0.wrapping_mul(0x2545F4914F6CDD1D);
        ((x >> 40) as f32 / (1u64 << 24) as f32) * 2.0 - 1.0
    }
    fn vector(&mut self, dims: usize) -> Vec<f32> {
        (0..dims).map(|_| self.next_f32()).collect()
    }
}

fn add_random(input: Json) -> Result<Json, Error> {
    let n = input.opt_i64("n")?.unwrap_or(1000).clamp(0, 100_000) as usize;
    let dims = input.opt_i64("dims")?.unwrap_or(128).clamp(1, MAX_DIMS as i64) as usize;
    let seed = input.opt_i64("seed")?.unwrap_or(1);
    if index().dims != 0 && index().dims != dims {
        return Err(Error::bad_input(format!("the index has {} dimensions, not {}", index().dims, dims)));
    }
    let mut rng = Rng(seed as u64 ^ 0x9E3779B97F4A7C15 | 1);
    let (mut buf, mut cuts) = (Vec::with_capacity(n * (4 * dims + 16)), Vec::with_capacity(n));
    for i in 0..n {
        let id = format!("r{}-{}", seed, i);
        let v = rng.vector(dims);
        index().put(&id, &v)?;
        encode_put(&mut buf, &id, &v);
        cuts.push(buf.len());
    }
    journal(&buf, &cuts)?;
    Ok(count())
}

fn delete(input: Json) -> Result<Json, Error> {
    let ids = input.get("ids").and_then(Json::as_array).ok_or_else(|| Error::bad_input("give {\"ids\": [...]}"))?;
    let ids: Vec<&str> = ids.iter().map(|id| id.as_str().ok_or_else(|| Error::bad_input("ids are strings"))).collect::<Result<_, _>>()?;
    let (mut buf, mut cuts) = (Vec::new(), Vec::new());
    for id in ids {
        if index().slot.contains_key(id) {
            index().delete(id);
            encode_delete(&mut buf, id);
            cuts.push(buf.len());
        }
    }
    journal(&buf, &cuts)?;
    Ok(count())
}

fn search(input: Json) -> Result<Json, Error> {
    let ix = index();
    let k = input.opt_i64("k")?.unwrap_or(10).clamp(1, 1000) as usize;
    let q = match (input.get("vector"), input.opt_i64("seed")?) {
        (Some(v), _) => vector(v)?,
        (None, Some(seed)) => Rng(seed as u64 ^ 0x51F1 | 1).vector(ix.dims.max(1)),
        (None, None) => return Err(Error::bad_input("give \"vector\" or \"seed\"")),
    };
    if ix.dims != 0 && q.len() != ix.dims {
        return Err(Error::bad_input(format!("the query has {} dimensions; the index has {}", q.len(), ix.dims)));
    }
    let mut best: Vec<(f32, usize)> = Vec::with_capacity(k + 1);
    for (i, v) in ix.data.chunks_exact(ix.dims.max(1)).enumerate() {
        let s: f32 = v.iter().zip(&q).map(|(a, b)| a * b).sum();
        if best.len() < k || s > best[best.len() - 1].0 {
            let at = best.partition_point(|&(b, _)| b >= s);
            best.insert(at, (s, i));
            best.truncate(k);
        }
    }
    let results: Vec<Json> = best.iter().map(|&(s, i)| json_object! { "id" => ix.ids[i].as_str(), "score" => s as f64 }).collect();
    Ok(json_object! { "results" => results })
}

/// Writes the whole index as a new image, a chunk under the row limit at a time.
fn write_image() -> Result<i64, Error> {
    let ix = index();
    let mut img = memory::Image::begin()?;
    let mut chunk = Vec::with_capacity(ROW_BYTES);
    chunk.push(OP_RESERVE);
    chunk.extend_from_slice(&(ix.ids.len() as u32).to_le_bytes());
    chunk.extend_from_slice(&(ix.dims as u16).to_le_bytes());
    let mut total = 0i64;
    for (i, id) in ix.ids.iter().enumerate() {
        let before = chunk.len();
        encode_put(&mut chunk, id, &ix.data[i * ix.dims..(i + 1) * ix.dims]);
        if chunk.len() > ROW_BYTES {
            img.write(&chunk[..before])?;
            total += before as i64;
            chunk.drain(..before);
        }
    }
    if !chunk.is_empty() {
        img.write(&chunk)?;
        total += chunk.len() as i64;
    }
    img.commit()?;
    ix.dead = 0;
    Ok(total)
}

fn checkpoint(_: ()) -> Result<Json, Error> {
    Ok(json_object! { "image_bytes" => write_image()? })
}

fn on_alarm(_: AlarmEvent) -> Result<(), Error> {
    if memory::stats()?.due {
        write_image()?;
    }
    Ok(())
}

fn stats(_: ()) -> Result<Json, Error> {
    let s = memory::stats()?;
    Ok(json_object! {
        "count" => index().ids.len() as i64, "dims" => index().dims as i64, "generation" => s.generation,
        "image_bytes" => s.image_bytes, "journal_bytes" => s.journal_bytes, "dead_bytes" => s.dead_bytes,
    })
}

sobjects::export!(init, add, add_random, delete, search, checkpoint, stats, alarm = on_alarm);
