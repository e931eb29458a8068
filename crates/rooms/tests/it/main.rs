//! menace-rooms' tests: one test binary.

mod db;
