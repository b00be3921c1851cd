//! Lords of Vaala: the pure rules engine (no I/O, no clock, no globals).
#![forbid(unsafe_code)]
