//! The solvers every app of the process shares, one per rule set and size, for as long
//! as any game uses it: a server's sessions (`concentration serve`) playing the same
//! deck solve it once and hold one table. The values are the same whoever solved them
//! (the solvers are deterministic, with no state of a game in them), so sharing changes
//! no choice.

use std::collections::HashMap;
use std::hash::Hash;
use std::sync::{Arc, Mutex, MutexGuard, PoisonError, Weak};

/// Solvers by key, held weakly: a table is dropped when its last game is.
pub(crate) struct Registry<K, V: ?Sized> {
    solvers: Mutex<Option<HashMap<K, Weak<V>>>>,
    /// The keys being solved, each behind a gate of its own: a game asking for a table
    /// another game is solving waits for that solve rather than solving it again (eight
    /// sessions starting the same Zebra at once solve it once), and a solve of one key
    /// holds up no other.
    solving: Mutex<Option<HashMap<K, Arc<Mutex<()>>>>>,
}

/// A lock taken even if a thread panicked holding it: a registry holds no invariant a
/// panic can break (a solve that panicked kept nothing).
fn lock<T>(m: &Mutex<T>) -> MutexGuard<'_, T> {
    m.lock().unwrap_or_else(PoisonError::into_inner)
}

impl<K: Eq + Hash + Clone, V: ?Sized> Registry<K, V> {
    /// An empty registry.
    pub(crate) const fn new() -> Self {
        Self {
            solvers: Mutex::new(None),
            solving: Mutex::new(None),
        }
    }

    /// The solver of `key`, if some game still holds it.
    pub(crate) fn find(&self, key: &K) -> Option<Arc<V>> {
        lock(&self.solvers).as_ref()?.get(key)?.upgrade()
    }

    /// Offers `solver` to every other app, dropping the keys no game holds any more.
    pub(crate) fn keep(&self, key: &K, solver: &Arc<V>) {
        let mut solvers = lock(&self.solvers);
        let solvers = solvers.get_or_insert_with(HashMap::new);
        solvers.retain(|_, s| s.strong_count() > 0);
        solvers.insert(key.clone(), Arc::downgrade(solver));
    }

    /// The solver of `key`: the one some game holds, or else `solve`'s, kept for the
    /// others. Blocks while another thread solves the same key (call it off the event
    /// loop: the round's worker does).
    ///
    /// # Errors
    /// `solve`'s error (nothing is kept; the next asker solves again).
    pub(crate) fn find_or_solve<E>(
        &self,
        key: &K,
        solve: impl FnOnce() -> Result<Arc<V>, E>,
    ) -> Result<Arc<V>, E> {
        if let Some(s) = self.find(key) {
            return Ok(s);
        }
        let gate = Arc::clone(
            lock(&self.solving)
                .get_or_insert_with(HashMap::new)
                .entry(key.clone())
                .or_default(),
        );
        let turn = lock(&gate);
        let solved = match self.find(key) {
            Some(s) => Ok(s),
            None => solve().inspect(|s| self.keep(key, s)),
        };
        drop(turn);
        // The last one through the gate takes it down (others take a gate only under
        // this lock, so the count cannot rise meanwhile).
        let mut solving = lock(&self.solving);
        if Arc::strong_count(&gate) == 2
            && let Some(gates) = solving.as_mut()
        {
            gates.remove(key);
        }
        solved
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn a_solver_is_found_while_held_and_gone_after() {
        let registry: Registry<&str, Mutex<u32>> = Registry::new();
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

    #[test]
    fn games_asking_at_once_solve_a_key_once() {
        use std::sync::atomic::{AtomicUsize, Ordering};
        let registry: Registry<u8, u32> = Registry::new();
        let solves = AtomicUsize::new(0);
        let tables: Vec<Arc<u32>> = std::thread::scope(|s| {
            let askers: Vec<_> = (0..8)
                .map(|_| {
                    s.spawn(|| {
                        registry.find_or_solve(&8, || {
                            solves.fetch_add(1, Ordering::SeqCst);
                            // Long enough for the others to arrive while it solves.
                            std::thread::sleep(std::time::Duration::from_millis(50));
                            Ok::<_, ()>(Arc::new(8))
                        })
                    })
                })
                .collect();
            askers
                .into_iter()
                .map(|a| a.join().expect("no panic").expect("solved"))
                .collect()
        });
        assert_eq!(
            solves.load(Ordering::SeqCst),
            1,
            "one solve for eight games"
        );
        assert!(tables.iter().all(|t| Arc::ptr_eq(t, &tables[0])));
        assert!(
            lock(&registry.solving)
                .as_ref()
                .is_none_or(HashMap::is_empty)
        );
        let other = registry
            .find_or_solve(&6, || Ok::<_, ()>(Arc::new(6)))
            .unwrap();
        assert!(
            !Arc::ptr_eq(&other, &tables[0]),
            "another key, another table"
        );
        drop(tables);
        assert!(registry.find(&8).is_none(), "dropped with its last game");
    }

    #[test]
    fn a_failed_solve_keeps_nothing() {
        let registry: Registry<u8, u32> = Registry::new();
        assert_eq!(
            registry.find_or_solve(&1, || Err("too large")),
            Err("too large")
        );
        assert!(registry.find(&1).is_none());
        assert_eq!(
            *registry
                .find_or_solve(&1, || Ok::<_, ()>(Arc::new(1)))
                .unwrap(),
            1
        );
    }
}
