//! Geometry in inches: bases, terrain, distance, coherency, engagement, line of sight, movement.
