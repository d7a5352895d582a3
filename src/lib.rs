//! Kibitzer: reading, checking and formatting contract-bridge deal files.
