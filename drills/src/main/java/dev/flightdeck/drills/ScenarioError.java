package dev.flightdeck.drills;

/** A scenario refused before anything starts: which file, where in it, and what is wrong, in words. */
public final class ScenarioError extends Exception {

    private final String file;
    private final int line;
    private final int column;
    private final String problem;

    /** @param line 1-based; @param column 1-based */
    public ScenarioError(String file, int line, int column, String problem) {
        super(file + ":" + line + ":" + column + ": " + problem);
        this.file = file;
        this.line = line;
        this.column = column;
        this.problem = problem;
    }

    public String file() {
        return file;
    }

    public int line() {
        return line;
    }

    public int column() {
        return column;
    }

    public String problem() {
        return problem;
    }
}
