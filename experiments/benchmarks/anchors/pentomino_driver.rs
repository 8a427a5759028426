// Driver for bench_cover.py: `driver BOARD UNIQUE(0|1) REPEAT` prints "COUNT SECONDS", the best of REPEAT runs of
// sugyan/pentomino's OptimizedSolver (small table), its tables built before the clock starts as its own CLI does.
use pentomino_solver::solvers::{OptimizedSolver, OptimizedSolverType};
use pentomino_solver::Solver;
use std::time::Instant;
fn main() {
    let a: Vec<String> = std::env::args().collect();
    let ((rows, cols), initial) = match a[1].as_str() {
        "3x20" => ((3, 20), 0u64),
        "4x15" => ((4, 15), 0),
        "5x12" => ((5, 12), 0),
        "6x10" => ((6, 10), 0),
        "8x8" => ((8, 8), [27u64, 28, 35, 36].iter().map(|&p| 1u64 << p).sum::<u64>()),
        _ => panic!("board"),
    };
    let unique = a[2] == "1";
    let repeat: usize = a[3].parse().unwrap();
    let mut best = f64::MAX;
    let mut n = 0;
    for _ in 0..repeat {
        let solver = OptimizedSolver::new(rows, cols, OptimizedSolverType::SmallTable);
        let now = Instant::now();
        let s = solver.solve(initial, unique);
        let t = now.elapsed().as_secs_f64();
        n = s.len();
        if t < best { best = t; }
    }
    println!("{} {:.6}", n, best);
}
