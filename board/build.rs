//! Generates the slider attack tables at compile time, so the engine starts with them ready and no
//! code path pays for lazy initialisation.
//!
//! Two layouts are written, because the release binary must run on any x86-64 CPU and picks one at
//! run time: a PEXT layout (index = `pext(occupancy, mask)`) for CPUs with fast BMI2, and a "fancy
//! magic" layout (index = `(occupancy & mask) * magic >> shift`) for the rest. Both use the same
//! per-square offsets because a square with `n` relevant bits owns `2^n` slots in either scheme.

use std::env;
use std::fmt::Write as _;
use std::fs;
use std::path::Path;

const ROOK_DIRS: [(i32, i32); 4] = [(1, 0), (-1, 0), (0, 1), (0, -1)];
const BISHOP_DIRS: [(i32, i32); 4] = [(1, 1), (1, -1), (-1, 1), (-1, -1)];

fn ray_attacks(sq: usize, occ: u64, dirs: &[(i32, i32)]) -> u64 {
    let (f0, r0) = ((sq % 8) as i32, (sq / 8) as i32);
    let mut out = 0u64;
    for &(df, dr) in dirs {
        let (mut f, mut r) = (f0 + df, r0 + dr);
        while (0..8).contains(&f) && (0..8).contains(&r) {
            let bit = 1u64 << (r * 8 + f);
            out |= bit;
            if occ & bit != 0 {
                break;
            }
            f += df;
            r += dr;
        }
    }
    out
}

/// Squares whose occupancy can change the attack set: the rays without their last square.
fn relevant_mask(sq: usize, dirs: &[(i32, i32)]) -> u64 {
    let (f0, r0) = ((sq % 8) as i32, (sq / 8) as i32);
    let mut out = 0u64;
    for &(df, dr) in dirs {
        let (mut f, mut r) = (f0 + df, r0 + dr);
        while (0..8).contains(&(f + df)) && (0..8).contains(&(r + dr)) {
            out |= 1u64 << (r * 8 + f);
            f += df;
            r += dr;
        }
    }
    out
}

fn pdep(mut index: u64, mut mask: u64) -> u64 {
    let mut out = 0;
    while mask != 0 {
        let bit = mask & mask.wrapping_neg();
        if index & 1 != 0 {
            out |= bit;
        }
        index >>= 1;
        mask &= mask - 1;
    }
    out
}

/// The build script's own generator for magic candidates: it cannot use the crate it builds
/// (`src/rng.rs`, the project's `Rng`), and the magics found with it are kept as they are.
struct MagicCandidates(u64);

impl MagicCandidates {
    fn next(&mut self) -> u64 {
        // xorshift64*: deterministic, so the generated tables never change between builds.
        self.0 ^= self.0 >> 12;
        self.0 ^= self.0 << 25;
        self.0 ^= self.0 >> 27;
        self.0.wrapping_mul(0x2545_F491_4F6C_DD1D)
    }
    fn sparse(&mut self) -> u64 {
        self.next() & self.next() & self.next()
    }
}

struct SliderTables {
    masks: Vec<u64>,
    magics: Vec<u64>,
    shifts: Vec<u32>,
    offsets: Vec<usize>,
    magic_table: Vec<u64>,
    pext_table: Vec<u64>,
}

fn build(dirs: &[(i32, i32)], rng: &mut MagicCandidates) -> SliderTables {
    let mut t = SliderTables {
        masks: vec![],
        magics: vec![],
        shifts: vec![],
        offsets: vec![],
        magic_table: vec![],
        pext_table: vec![],
    };
    for sq in 0..64 {
        let mask = relevant_mask(sq, dirs);
        let bits = mask.count_ones();
        let size = 1usize << bits;
        let occs: Vec<u64> = (0..size as u64).map(|i| pdep(i, mask)).collect();
        let attacks: Vec<u64> = occs.iter().map(|&o| ray_attacks(sq, o, dirs)).collect();
        let offset = t.pext_table.len();
        t.pext_table.extend_from_slice(&attacks);

        let shift = 64 - bits;
        let mut slots = vec![0u64; size];
        let mut used = vec![0u32; size];
        let mut attempt = 0u32;
        let magic = loop {
            attempt += 1;
            let magic = rng.sparse();
            if ((mask.wrapping_mul(magic)) >> 56).count_ones() < 6 {
                continue;
            }
            let mut ok = true;
            for (occ, att) in occs.iter().zip(&attacks) {
                let idx = (occ.wrapping_mul(magic) >> shift) as usize;
                if used[idx] != attempt {
                    used[idx] = attempt;
                    slots[idx] = *att;
                } else if slots[idx] != *att {
                    ok = false;
                    break;
                }
            }
            if ok {
                break magic;
            }
        };
        // Slots no occupancy maps to stay zero; they are never read.
        for (i, slot) in slots.iter_mut().enumerate() {
            if used[i] != attempt {
                *slot = 0;
            }
        }
        t.magic_table.extend_from_slice(&slots);
        t.masks.push(mask);
        t.magics.push(magic);
        t.shifts.push(shift);
        t.offsets.push(offset);
    }
    t
}

fn write_array(out: &mut String, name: &str, ty: &str, values: &[String]) {
    writeln!(
        out,
        "pub(crate) static {name}: [{ty}; {}] = [",
        values.len()
    )
    .unwrap();
    for chunk in values.chunks(8) {
        writeln!(out, "    {},", chunk.join(", ")).unwrap();
    }
    writeln!(out, "];").unwrap();
}

fn write_slider(out: &mut String, prefix: &str, t: &SliderTables) {
    let hex = |v: &[u64]| v.iter().map(|x| format!("0x{x:016x}")).collect::<Vec<_>>();
    write_array(out, &format!("{prefix}_MASKS"), "u64", &hex(&t.masks));
    write_array(out, &format!("{prefix}_MAGICS"), "u64", &hex(&t.magics));
    let shifts: Vec<String> = t.shifts.iter().map(|s| s.to_string()).collect();
    write_array(out, &format!("{prefix}_SHIFTS"), "u32", &shifts);
    let offs: Vec<String> = t.offsets.iter().map(|s| s.to_string()).collect();
    write_array(out, &format!("{prefix}_OFFSETS"), "u32", &offs);
    write_array(
        out,
        &format!("{prefix}_MAGIC_TABLE"),
        "u64",
        &hex(&t.magic_table),
    );
    write_array(
        out,
        &format!("{prefix}_PEXT_TABLE"),
        "u64",
        &hex(&t.pext_table),
    );
}

fn main() {
    println!("cargo:rerun-if-changed=build.rs");
    let mut rng = MagicCandidates(0x9E37_79B9_7F4A_7C15);
    let rook = build(&ROOK_DIRS, &mut rng);
    let bishop = build(&BISHOP_DIRS, &mut rng);
    let mut out = String::new();
    out.push_str("// Generated by board/build.rs. Do not edit.\n");
    write_slider(&mut out, "ROOK", &rook);
    write_slider(&mut out, "BISHOP", &bishop);
    let path = Path::new(&env::var("OUT_DIR").unwrap()).join("slider_tables.rs");
    fs::write(path, out).unwrap();
}
