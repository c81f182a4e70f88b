//! The input shape that used to cost the most memory per byte: one tiny result block.
//! Shared by `cargo xtask mem` and the memory regression test (`generator/tests/memory.rs`,
//! which includes this file by path), so both measure the same input.

use std::fmt::Write as _;

/// The smallest block the reader turns into a run: three rows, numbers unique per block so
/// the duplicate check finds nothing (about 250 bytes).
pub fn tiny_block(i: u64, out: &mut String) {
    let _ = write!(
        out,
        "============ Serving Benchmark Result ============\n\
         Successful requests:                     {}\n\
         Benchmark duration (s):                  {}.{:02}\n\
         Output token throughput (tok/s):         {}.{:02}\n\
         ==================================================\n",
        i % 1000 + 1,
        i / 100,
        i % 100,
        i / 7 + 1,
        i % 97
    );
}
