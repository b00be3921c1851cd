//! Units, force lists, attacks, wounds and morale: the rules that need no geometry.
