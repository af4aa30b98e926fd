/// Seeded, replayable generators of CountMe inputs. (The engine lands with the generators issue.)
public enum Generators {}
