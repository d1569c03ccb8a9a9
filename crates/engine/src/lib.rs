//! The engine of Concentration: the rules, the exact solvers and the one game model,
//! with no terminal, no command line and no files.
//!
//! Layers, each depending only on those before it:
//! [`words`] and [`seats`] → [`rules`] → [`solver`] → [`model`] → [`players`].
//! [`model`] is the one game model every layer above the solvers is written against (a
//! rule set's `Model`, a solver's `Oracle`, and `TableOracle`, the one solver handle of
//! every rule set); [`players`] are the policies that play from what is public.

pub mod model;
pub mod players;
pub mod rules;
pub mod seats;
pub mod solver;
pub mod words;
