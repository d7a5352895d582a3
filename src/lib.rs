//! Kibitzer: reading, checking and formatting contract-bridge deal files.
pub mod bridge;
