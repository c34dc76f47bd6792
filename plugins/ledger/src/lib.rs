//! ledger: a splittable class (ABI.md section 4.7). One logical object holds many
//! accounts (keys); the host splits it into leaves when it stays busy. Keyed methods
//! take `{"keys": [...], "payloads": [...] | null, "args": ...}` and run on the leaf
//! that owns their keys.
//!
//! | method | payloads / args | output (per leaf) |
//! |---|---|---|
//! | `add` | an integer per key | the new balances, in key order |
//! | `get` | none | each key's stored JSON value, or null |
//! | `put` | a JSON value per key | the number of keys written |
//! | `cas` | `{"expect": v or null, "value": v}` per key | `true`; fails with `conflict`, writing nothing, if any key's value is not `expect` |
//! | `note` | args `{"text": s}` | notes `s` for each key in the plugin's own table `notes` |
//! | `notes` | none | each key's note, or null |
//! | `stats` | (a scan: no keys) | `{"rows", "sum", "notes", "handed_out"}` of this leaf (notes of its own keys) |
//! | `after_clone` (lifecycle) | | the new leaf drops the notes of keys it does not own |
//! | `before_hand_out` (lifecycle) | | the giving leaf records the hand-out in `handed_out` |

use sobjects::keyed::{self, Keyed, LeafRange};
use sobjects::{json_object, params, sql, Error, Json};

fn init(_: ()) -> Result<(), Error> {
    sql::exec(
        "CREATE TABLE IF NOT EXISTS notes(key TEXT PRIMARY KEY, text TEXT NOT NULL);
         CREATE TABLE IF NOT EXISTS handed_out(bits TEXT NOT NULL, at_ms INTEGER NOT NULL)",
        &[],
    )?;
    Ok(())
}

fn add(call: Keyed) -> Result<Json, Error> {
    let amounts = call.payloads()?;
    keyed::update(&call.keys, |current| {
        let mut writes = Vec::with_capacity(call.keys.len());
        let mut out = Vec::with_capacity(call.keys.len());
        for (i, key) in call.keys.iter().enumerate() {
            let by = amounts[i].as_i64().ok_or_else(|| Error::bad_input("an amount must be an integer"))?;
            let v = keyed::as_i64(&current[i])?
                .checked_add(by)
                .ok_or_else(|| Error::bad_input("balance overflows"))?;
            writes.push((key.clone(), Some(v.to_string().into_bytes())));
            out.push(Json::Int(v));
        }
        Ok((writes, Json::Array(out)))
    })
}

fn stored(v: &Option<Vec<u8>>) -> Result<Json, Error> {
    match v {
        None => Ok(Json::Null),
        Some(b) => Json::parse_bytes(b),
    }
}

fn get(call: Keyed) -> Result<Json, Error> {
    let values = keyed::read(&call.keys)?;
    Ok(Json::Array(values.iter().map(stored).collect::<Result<Vec<_>, _>>()?))
}

fn put(call: Keyed) -> Result<Json, Error> {
    let values = call.payloads()?;
    let writes: Vec<_> = call.keys.iter().zip(values).map(|(k, v)| (k.clone(), Some(v.to_bytes()))).collect();
    keyed::write(&writes)?;
    Ok(Json::Int(writes.len() as i64))
}

fn cas(call: Keyed) -> Result<Json, Error> {
    let ops = call.payloads()?;
    keyed::update(&call.keys, |current| {
        let mut writes = Vec::with_capacity(ops.len());
        for (i, key) in call.keys.iter().enumerate() {
            let expect = ops[i].get("expect").cloned().unwrap_or(Json::Null);
            let now = stored(&current[i])?;
            if now != expect {
                return Err(Error::conflict(format!("key {:?} holds {}, not {}", key, now, expect)));
            }
            let value = ops[i].get("value").ok_or_else(|| Error::bad_input("a cas payload needs \"value\""))?;
            writes.push((key.clone(), Some(value.to_bytes())));
        }
        Ok((writes, Json::Bool(true)))
    })
}

fn note(call: Keyed) -> Result<Json, Error> {
    let text = call.args.req_str("text")?;
    // A keyed read claims the keys: a key this leaf does not own fails the call.
    keyed::read(&call.keys)?;
    for key in &call.keys {
        sql::exec(
            "INSERT INTO notes(key, text) VALUES (?, ?) ON CONFLICT(key) DO UPDATE SET text = excluded.text",
            params![key.as_str(), text],
        )?;
    }
    Ok(Json::Int(call.keys.len() as i64))
}

fn notes(call: Keyed) -> Result<Json, Error> {
    let mut out = Vec::new();
    for key in &call.keys {
        let c = sql::exec("SELECT text FROM notes WHERE key = ?", params![key.as_str()])?;
        out.push(match c.first() {
            Some(r) => Json::String(r.get_str(0)?.to_string()),
            None => Json::Null,
        });
    }
    Ok(Json::Array(out))
}

fn stats(_: ()) -> Result<Json, Error> {
    let (mut rows, mut sum) = (0i64, 0i64);
    keyed::all_rows(|_, v| {
        rows += 1;
        if let Ok(n) = keyed::as_i64(&Some(v.to_vec())) {
            sum += n;
        }
        Ok(())
    })?;
    // Notes of keys this leaf gave away stay in its table (a split copies every table):
    // count only its own.
    let notes = sql::exec("SELECT count(*) FROM notes WHERE sobjects_leaf_owns(key)", &[])?.one()?.get_i64(0)?;
    let handed = sql::exec("SELECT count(*) FROM handed_out", &[])?.one()?.get_i64(0)?;
    Ok(json_object! { "rows" => rows, "sum" => sum, "notes" => notes, "handed_out" => handed })
}

fn after_clone(owns: LeafRange) -> Result<(), Error> {
    sql::exec(
        "DELETE FROM notes WHERE sobjects_key_hash(key) NOT BETWEEN ? AND ?",
        params![owns.hash_lo, owns.hash_hi],
    )?;
    Ok(())
}

fn before_hand_out(moving: LeafRange) -> Result<(), Error> {
    sql::exec(
        "INSERT INTO handed_out(bits, at_ms) VALUES (?, ?)",
        params![moving.bits.as_str(), sobjects::now_ms()],
    )?;
    Ok(())
}

sobjects::splittable!();
sobjects::export!(init, add, get, put, cas, note, notes, stats, after_clone, before_hand_out);
