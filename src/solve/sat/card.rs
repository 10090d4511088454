//! Clauses with constants folded in, and "exactly k of these" as clauses
//! (a sequential counter that propagates both ways).

use batsat::{Callbacks, Lit, Solver, SolverInterface};

/// A literal, or a constant the encoding already knows.
#[derive(Clone, Copy, PartialEq, Eq, Debug)]
pub(crate) enum B {
    /// Always true.
    T,
    /// Always false.
    F,
    /// A literal of the solver.
    L(Lit),
}

impl B {
    /// The negation.
    pub fn not(self) -> B {
        match self {
            B::T => B::F,
            B::F => B::T,
            B::L(l) => B::L(!l),
        }
    }
}

/// Adds the clause `lits` (plus `extra`, literals that switch it off):
/// nothing when a constant is true, the constants dropped otherwise. An
/// empty clause makes the solver unsatisfiable.
pub(crate) fn clause<C: Callbacks>(
    s: &mut Solver<C>,
    buf: &mut Vec<Lit>,
    lits: &[B],
    extra: &[Lit],
) {
    buf.clear();
    for l in lits {
        match *l {
            B::T => return,
            B::F => {}
            B::L(x) => buf.push(x),
        }
    }
    buf.extend_from_slice(extra);
    s.add_clause_reuse(buf);
}

/// A fresh literal.
pub(crate) fn fresh<C: Callbacks>(s: &mut Solver<C>) -> Lit {
    Lit::new(s.new_var_default(), true)
}

/// Adds clauses that say exactly `k` of `lits` are true.
pub(crate) fn exactly<C: Callbacks>(s: &mut Solver<C>, buf: &mut Vec<Lit>, lits: &[Lit], k: usize) {
    let n = lits.len();
    if k > n {
        clause(s, buf, &[], &[]);
        return;
    }
    // Count the rarer side: k of the literals, or n - k of their negations.
    let (flip, k) = if 2 * k > n { (true, n - k) } else { (false, k) };
    // row[j]: at least j of the literals seen so far are true (j <= k + 1).
    let mut row: Vec<B> = (0..=k + 1).map(|j| if j == 0 { B::T } else { B::F }).collect();
    let mut next = row.clone();
    for (i, x) in lits.iter().enumerate() {
        let x = B::L(if flip { !*x } else { *x });
        for j in 1..=(k + 1).min(i + 1) {
            next[j] = step(s, buf, row[j], row[j - 1], x);
        }
        row.clone_from(&next);
    }
    clause(s, buf, &[row[k]], &[]);
    clause(s, buf, &[row[k + 1].not()], &[]);
}

/// `at_least_j` after one more literal `x`: `before_j ∨ (before_j1 ∧ x)`,
/// as a new literal tied both ways (or a constant).
fn step<C: Callbacks>(s: &mut Solver<C>, buf: &mut Vec<Lit>, before_j: B, before_j1: B, x: B) -> B {
    if before_j == B::T {
        return B::T;
    }
    if before_j1 == B::F {
        return before_j;
    }
    if before_j == B::F && before_j1 == B::T {
        return x;
    }
    let v = B::L(fresh(s));
    clause(s, buf, &[before_j.not(), v], &[]);
    clause(s, buf, &[before_j1.not(), x.not(), v], &[]);
    clause(s, buf, &[v.not(), before_j, x], &[]);
    clause(s, buf, &[v.not(), before_j, before_j1], &[]);
    v
}

#[cfg(test)]
mod tests {
    use super::*;
    use batsat::{lbool, BasicSolver};

    /// Every pattern of 6 literals under `exactly(k)`: the solver agrees
    /// with counting.
    #[test]
    fn exactly_k_holds_for_every_pattern() {
        for k in 0..=7usize {
            for pattern in 0u32..64 {
                let mut s = BasicSolver::default();
                let mut buf = Vec::new();
                let lits: Vec<Lit> = (0..6).map(|_| fresh(&mut s)).collect();
                exactly(&mut s, &mut buf, &lits, k);
                let assume: Vec<Lit> = lits
                    .iter()
                    .enumerate()
                    .map(|(i, l)| if pattern & (1 << i) != 0 { *l } else { !*l })
                    .collect();
                let sat = s.solve_limited(&assume) == lbool::TRUE;
                assert_eq!(sat, pattern.count_ones() as usize == k, "k {k} pattern {pattern:06b}");
            }
        }
    }
}
