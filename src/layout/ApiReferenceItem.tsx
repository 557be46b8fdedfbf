import MenuBookOutlinedIcon from '@mui/icons-material/MenuBookOutlined';
import { ListItemIcon, ListItemText, MenuItem } from '@mui/material';
import { useTranslate, useUserMenu } from 'react-admin';

/** The API reference page the server renders from its OpenAPI document (issue 38); the API tab links it too. */
export const API_REFERENCE_URL = '/api/reference';

/** The user menu's link to the API reference, opened in a new tab (it is not a page of the console). */
export const ApiReferenceItem = () => {
  const translate = useTranslate();
  const userMenu = useUserMenu();
  return (
    <MenuItem
      component="a"
      href={API_REFERENCE_URL}
      target="_blank"
      rel="noopener"
      onClick={() => userMenu?.onClose()}
    >
      <ListItemIcon>
        <MenuBookOutlinedIcon fontSize="small" />
      </ListItemIcon>
      <ListItemText>{translate('app.user_menu.api_reference')}</ListItemText>
    </MenuItem>
  );
};
