package dev.flightdeck.app.nodes;

import java.util.List;

/** A node's GPU trust verdict and the reasons for it, in words, worst first. */
public record TrustAssessment(NodeVerdict verdict, List<String> reasons) {

    public TrustAssessment {
        reasons = List.copyOf(reasons);
    }

    /** The reasons joined for one line of text. */
    public String reasonText() {
        return String.join("; ", reasons);
    }
}
