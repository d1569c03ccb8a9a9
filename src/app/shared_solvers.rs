//! The solvers every app of the process shares, one per rule set and size, for as long
//! as any game uses it: a server's sessions (`concentration serve`) playing the same
//! deck solve it once and hold one table. The values are the same whoever solved them
//! (the solvers are deterministic, with no state of a game in them), so sharing changes
//! no choice.

use std::collections::HashMap;
use std::hash::Hash;
use std::sync::{Arc, Mutex, PoisonError, Weak};

/// Solvers by key, held weakly: a table is dropped when its last game is.
pub(crate) struct Registry<K, V> {
    solvers: Mutex<Option<HashMap<K, Weak<Mutex<V>>>>>,
}

impl<K: Eq + Hash + Clone, V> Registry<K, V> {
    /// An empty registry.
    pub(crate) const fn new() -> Self {
        Self {
            solvers: Mutex::new(None),
        }
    }

    /// The solver of `key`, if some game still holds it.
    pub(crate) fn find(&self, key: &K) -> Option<Arc<Mutex<V>>> {
        let solvers = self.solvers.lock().unwrap_or_else(PoisonError::into_inner);
        solvers.as_ref()?.get(key)?.upgrade()
    }

    /// Offers `solver` to every other app, dropping the keys no game holds any more.
    pub(crate) fn keep(&self, key: &K, solver: &Arc<Mutex<V>>) {
        let mut solvers = self.solvers.lock().unwrap_or_else(PoisonError::into_inner);
        let solvers = solvers.get_or_insert_with(HashMap::new);
        solvers.retain(|_, s| s.strong_count() > 0);
        solvers.insert(key.clone(), Arc::downgrade(solver));
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn a_solver_is_found_while_held_and_gone_after() {
        let registry: Registry<&str, u32> = Registry::new();
        assert!(registry.find(&"pairs:8").is_none());
        let solver = Arc::new(Mutex::new(7));
        registry.keep(&"pairs:8", &solver);
        let found = registry.find(&"pairs:8").expect("held by a game");
        assert!(Arc::ptr_eq(&found, &solver), "the same table, not a copy");
        drop((found, solver));
        assert!(
            registry.find(&"pairs:8").is_none(),
            "dropped with its last game"
        );
    }
}
