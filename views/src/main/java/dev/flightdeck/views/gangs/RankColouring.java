package dev.flightdeck.views.gangs;

/** What the rank map's colours say: each rank's state (its shape too), or how busy its GPUs are. */
public enum RankColouring {
    STATE("state"),
    GPU_UTILISATION("GPU utilisation");

    private final String label;

    RankColouring(String label) {
        this.label = label;
    }

    public String label() {
        return label;
    }
}
