/// The AT-SPI2 interfaces the bridge's objects implement, as D-Bus introspection data (the
/// signatures of at-spi2-core's `xml/*.xml`, the parts Parley answers).
enum ATSPIInterfaces {
    /// The cache libatspi asks for every object at once (`GetItems`); Parley's answer is empty,
    /// so clients ask each object.
    static let cacheXML = """
    <node>
      <interface name="org.a11y.atspi.Cache">
        <method name="GetItems"><arg direction="out" type="a((so)(so)(so)iiassusau)"/></method>
      </interface>
    </node>
    """

    static let xml = """
    <node>
      <interface name="org.a11y.atspi.Accessible">
        <property name="Name" type="s" access="read"/>
        <property name="Description" type="s" access="read"/>
        <property name="Parent" type="(so)" access="read"/>
        <property name="ChildCount" type="i" access="read"/>
        <property name="Locale" type="s" access="read"/>
        <property name="AccessibleId" type="s" access="read"/>
        <method name="GetChildAtIndex"><arg direction="in" type="i"/><arg direction="out" type="(so)"/></method>
        <method name="GetChildren"><arg direction="out" type="a(so)"/></method>
        <method name="GetIndexInParent"><arg direction="out" type="i"/></method>
        <method name="GetRelationSet"><arg direction="out" type="a(ua(so))"/></method>
        <method name="GetRole"><arg direction="out" type="u"/></method>
        <method name="GetRoleName"><arg direction="out" type="s"/></method>
        <method name="GetLocalizedRoleName"><arg direction="out" type="s"/></method>
        <method name="GetState"><arg direction="out" type="au"/></method>
        <method name="GetAttributes"><arg direction="out" type="a{ss}"/></method>
        <method name="GetApplication"><arg direction="out" type="(so)"/></method>
        <method name="GetInterfaces"><arg direction="out" type="as"/></method>
      </interface>
      <interface name="org.a11y.atspi.Application">
        <property name="ToolkitName" type="s" access="read"/>
        <property name="Version" type="s" access="read"/>
        <property name="AtspiVersion" type="s" access="read"/>
        <property name="Id" type="i" access="readwrite"/>
        <method name="GetLocale"><arg direction="in" type="u"/><arg direction="out" type="s"/></method>
        <method name="GetApplicationBusAddress"><arg direction="out" type="s"/></method>
      </interface>
      <interface name="org.a11y.atspi.Component">
        <method name="Contains"><arg direction="in" type="i"/><arg direction="in" type="i"/><arg direction="in" type="u"/><arg direction="out" type="b"/></method>
        <method name="GetAccessibleAtPoint"><arg direction="in" type="i"/><arg direction="in" type="i"/><arg direction="in" type="u"/><arg direction="out" type="(so)"/></method>
        <method name="GetExtents"><arg direction="in" type="u"/><arg direction="out" type="(iiii)"/></method>
        <method name="GetPosition"><arg direction="in" type="u"/><arg direction="out" type="i"/><arg direction="out" type="i"/></method>
        <method name="GetSize"><arg direction="out" type="i"/><arg direction="out" type="i"/></method>
        <method name="GetLayer"><arg direction="out" type="u"/></method>
        <method name="GetMDIZOrder"><arg direction="out" type="n"/></method>
        <method name="GrabFocus"><arg direction="out" type="b"/></method>
        <method name="GetAlpha"><arg direction="out" type="d"/></method>
      </interface>
      <interface name="org.a11y.atspi.Action">
        <property name="NActions" type="i" access="read"/>
        <method name="GetDescription"><arg direction="in" type="i"/><arg direction="out" type="s"/></method>
        <method name="GetName"><arg direction="in" type="i"/><arg direction="out" type="s"/></method>
        <method name="GetLocalizedName"><arg direction="in" type="i"/><arg direction="out" type="s"/></method>
        <method name="GetKeyBinding"><arg direction="in" type="i"/><arg direction="out" type="s"/></method>
        <method name="GetActions"><arg direction="out" type="a(sss)"/></method>
        <method name="DoAction"><arg direction="in" type="i"/><arg direction="out" type="b"/></method>
      </interface>
      <interface name="org.a11y.atspi.Selection">
        <property name="NSelectedChildren" type="i" access="read"/>
        <method name="GetSelectedChild"><arg direction="in" type="i"/><arg direction="out" type="(so)"/></method>
        <method name="SelectChild"><arg direction="in" type="i"/><arg direction="out" type="b"/></method>
        <method name="DeselectSelectedChild"><arg direction="in" type="i"/><arg direction="out" type="b"/></method>
        <method name="IsChildSelected"><arg direction="in" type="i"/><arg direction="out" type="b"/></method>
        <method name="SelectAll"><arg direction="out" type="b"/></method>
        <method name="ClearSelection"><arg direction="out" type="b"/></method>
        <method name="DeselectChild"><arg direction="in" type="i"/><arg direction="out" type="b"/></method>
      </interface>
      <interface name="org.a11y.atspi.Text">
        <property name="CharacterCount" type="i" access="read"/>
        <property name="CaretOffset" type="i" access="read"/>
        <method name="GetText"><arg direction="in" type="i"/><arg direction="in" type="i"/><arg direction="out" type="s"/></method>
      </interface>
      <interface name="org.a11y.atspi.EditableText">
        <method name="SetTextContents"><arg direction="in" type="s"/><arg direction="out" type="b"/></method>
        <method name="InsertText"><arg direction="in" type="i"/><arg direction="in" type="s"/><arg direction="in" type="i"/><arg direction="out" type="b"/></method>
        <method name="DeleteText"><arg direction="in" type="i"/><arg direction="in" type="i"/><arg direction="out" type="b"/></method>
      </interface>
    </node>
    """
}
