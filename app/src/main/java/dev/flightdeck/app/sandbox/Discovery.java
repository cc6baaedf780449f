package dev.flightdeck.app.sandbox;

/** The fixed answers the sandbox gives to version and discovery requests. */
final class Discovery {

    static final String VERSION = """
            {"major":"1","minor":"32","gitVersion":"v1.32.0-flightdeck-sandbox","platform":"linux/amd64"}""";

    static final String CORE_VERSIONS = """
            {"kind":"APIVersions","versions":["v1"],"serverAddressByClientCIDRs":[]}""";

    static final String CORE_RESOURCES = """
            {"kind":"APIResourceList","groupVersion":"v1","resources":[
            {"name":"nodes","singularName":"node","namespaced":false,"kind":"Node","verbs":["get","list","watch","create","update","patch","delete"]},
            {"name":"nodes/status","singularName":"","namespaced":false,"kind":"Node","verbs":["get","patch","update"]},
            {"name":"pods","singularName":"pod","namespaced":true,"kind":"Pod","verbs":["get","list","watch","create","update","patch","delete"]},
            {"name":"pods/status","singularName":"","namespaced":true,"kind":"Pod","verbs":["get","patch","update"]},
            {"name":"namespaces","singularName":"namespace","namespaced":false,"kind":"Namespace","verbs":["get","list","watch","create","delete"]}]}""";

    static final String GROUPS = """
            {"kind":"APIGroupList","apiVersion":"v1","groups":[]}""";

    private Discovery() {
    }
}
