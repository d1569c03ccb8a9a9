//! One job on a thread of its own, its answer taken in later: the screens ask a solver
//! or an AI off the event loop's thread and poll for the answer between keys, so that
//! the game answers keys while it works.

use std::sync::mpsc::{Receiver, TryRecvError, channel};

/// A job running on its own thread; dropping the worker leaves the job to finish, its
/// answer going nowhere.
#[derive(Debug)]
pub(crate) struct Worker<T> {
    answer: Receiver<T>,
}

/// Where a [`Worker`]'s job is.
#[derive(Debug, PartialEq, Eq)]
pub enum Progress<T> {
    /// Still working.
    Running,
    /// Finished with this answer (handed over once: polled again once its thread has
    /// ended, the worker is [`Progress::Stopped`]).
    Done(T),
    /// Ended without an answer (the job panicked), or the answer was already taken.
    Stopped,
}

impl<T: Send + 'static> Worker<T> {
    /// Runs `job` on a new thread.
    pub(crate) fn spawn(job: impl FnOnce() -> T + Send + 'static) -> Self {
        let (tx, answer) = channel();
        std::thread::spawn(move || {
            // The receiver may be gone (the screen was left): the answer goes nowhere.
            let _ = tx.send(job());
        });
        Self { answer }
    }
}

impl<T> Worker<T> {
    /// Where the job is, without waiting.
    pub(crate) fn poll(&self) -> Progress<T> {
        match self.answer.try_recv() {
            Ok(t) => Progress::Done(t),
            Err(TryRecvError::Empty) => Progress::Running,
            Err(TryRecvError::Disconnected) => Progress::Stopped,
        }
    }

    /// Waits for the answer (`None`: the job ended without one).
    pub(crate) fn wait(self) -> Option<T> {
        self.answer.recv().ok()
    }
}

#[cfg(test)]
mod tests {
    use super::{Progress, Worker};
    use std::sync::mpsc::channel;

    #[test]
    fn a_job_runs_until_it_answers_and_its_answer_is_handed_over_once() {
        let (go, gate) = channel::<()>();
        let worker = Worker::spawn(move || {
            gate.recv().expect("the test lets it go");
            42
        });
        assert_eq!(worker.poll(), Progress::Running);
        go.send(()).unwrap();
        let settled = || loop {
            match worker.poll() {
                Progress::Running => std::thread::yield_now(),
                other => break other,
            }
        };
        assert_eq!(settled(), Progress::Done(42));
        // Its thread ends just after it answers (until then a poll finds it running):
        // there is nothing more to take.
        assert_eq!(settled(), Progress::Stopped);
    }

    #[test]
    fn a_job_that_panics_is_stopped_not_running_forever() {
        let worker = Worker::<u8>::spawn(|| panic!("a job that fails"));
        assert_eq!(worker.wait(), None);
        let worker = Worker::<u8>::spawn(|| panic!("a job that fails"));
        let polled = loop {
            match worker.poll() {
                Progress::Running => std::thread::yield_now(),
                other => break other,
            }
        };
        assert_eq!(polled, Progress::Stopped);
    }

    #[test]
    fn waiting_takes_the_answer() {
        assert_eq!(Worker::spawn(|| "par").wait(), Some("par"));
    }
}
